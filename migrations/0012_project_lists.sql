DROP INDEX `investments_project_recent_idx`;--> statement-breakpoint
CREATE INDEX `investments_project_investor_idx` ON `investments` (`project_id`,`status`,`investor_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `investments_project_recent_idx` ON `investments` (`project_id`,`status`,`created_at`,`id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `projects_browse_idx` ON `projects` (`sector`,`status`,`featured`,`created_at`,`published_at`,`funding_deadline`,`shares_sold`,`total_shares`,`funding_current_cents`,`funding_goal_cents`,`slug`);