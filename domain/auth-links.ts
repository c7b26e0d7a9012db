/**
 * The one way to build a link to sign in or sign up that brings the person back where they were
 * (`redirectTo`, checked again by `safeRedirectTo` after the sign-in). Without a path (or an empty
 * one) the plain page.
 */
const withRedirect = (page: "/signin" | "/signup", path?: string | null) =>
  path ? `${page}?redirectTo=${encodeURIComponent(path)}` : page;

/** `/signin?redirectTo=<path>`: sign in, then back to `path`. */
export const signinHref = (path?: string | null): string => withRedirect("/signin", path);

/** `/signup?redirectTo=<path>`: create an account, then back to `path`. */
export const signupHref = (path?: string | null): string => withRedirect("/signup", path);
