import { defineConfig } from "drizzle-kit";

// Generates flat SQL migrations (migrations/NNNN_name.sql) that both
// `wrangler d1 migrations apply` and the Workers test plugin read.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./migrations",
  migrations: { prefix: "index" },
});
