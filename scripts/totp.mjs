// Prints an authenticator code (ADR 054): `npm run -s totp` for the demo admin's (local demo data
// only, db/seed-data.ts DEMO_ADMIN_TOTP_SECRET), `npm run -s totp -- <base32 secret>` for another.
import { Secret, TOTP } from "otpauth";

const secret = process.argv[2] ?? "CAMPUSFUNDDEMOADMINSECRETKEY2345";
const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
const left = 30 - Math.floor((Date.now() / 1000) % 30);
console.log(`${code}  (good for ${left} more seconds)`);
