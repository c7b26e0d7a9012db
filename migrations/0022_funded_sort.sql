-- "Most funded" ranks by what each card shows (ADR 043): a raise closed below its goal by what it had
-- committed (settled_cents), every other raise by the money it holds.
DROP INDEX `projects_browse_idx`;--> statement-breakpoint
DROP INDEX `projects_funded_idx`;--> statement-breakpoint
ALTER TABLE `projects` ADD `raised_cents` integer GENERATED ALWAYS AS ((case when status = 'closed' then coalesce(settled_cents, 0) else funding_current_cents end)) VIRTUAL NOT NULL;--> statement-breakpoint
CREATE INDEX `projects_browse_idx` ON `projects` (`sector`,`status`,`featured`,`created_at`,`published_at`,`funding_deadline`,`shares_sold`,`total_shares`,`funding_current_cents`,`funding_goal_cents`,`raised_cents`,`slug`);--> statement-breakpoint
CREATE INDEX `projects_funded_idx` ON `projects` (coalesce(cast("raised_cents" as real) / nullif("funding_goal_cents", 0), 0) desc,`slug`);