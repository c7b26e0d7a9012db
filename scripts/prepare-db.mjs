// Before `npm run dev`: the same local D1 as `npm start`, migrated and seeded.
import { migrate, run } from "./lib.mjs";

migrate();
run(process.execPath, ["scripts/seed.mjs"]);
