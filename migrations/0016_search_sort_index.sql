-- drizzle-kit 0.31 splits an index expression at its commas: the first two statements are written by
-- hand, each expression exactly as db/schema.ts and worker/services/project-order.ts have it.
CREATE INDEX `projects_funded_idx` ON `projects` (coalesce(cast("funding_current_cents" as real) / nullif("funding_goal_cents", 0), 0) desc,`slug`);--> statement-breakpoint
CREATE INDEX `projects_newest_idx` ON `projects` (coalesce("published_at", "created_at") desc,`slug`);--> statement-breakpoint
CREATE INDEX `projects_deadline_idx` ON `projects` (`funding_deadline`,`slug`);--> statement-breakpoint
CREATE INDEX `projects_remaining_idx` ON `projects` ("total_shares" - "shares_sold",`slug`);
