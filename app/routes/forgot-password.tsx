/** /forgot-password: placeholder text only (spec section 2). */
import { Link } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { pageMeta } from "../components/meta";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Forgot Password", "Password reset is not available yet in the CampusFund demo.");

export default function ForgotPassword() {
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>Forgot Password</h1>
        <p className="page-lead">
          Password reset is not available yet in the CampusFund demo. If you can't sign in, please contact our support
          team and we'll help you get back into your account.
        </p>
        <div className="cluster">
          <Link to="/signin" className="btn btn-primary">
            Back to Sign In
          </Link>
          <Link to="/contact" className="btn btn-secondary">
            Contact Support
          </Link>
        </div>
      </div>
    </div>
  );
}
