DROP INDEX `investments_project_recent_idx`;--> statement-breakpoint
DROP INDEX `investments_project_investor_idx`;--> statement-breakpoint
ALTER TABLE `investments` ADD `held` integer GENERATED ALWAYS AS ((status in ('active', 'confirmed'))) VIRTUAL NOT NULL;--> statement-breakpoint
ALTER TABLE `investments` ADD `settled_at` integer;--> statement-breakpoint
CREATE INDEX `investments_project_held_recent_idx` ON `investments` (`project_id`,`held`,`created_at`,`id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `investments_project_status_idx` ON `investments` (`project_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `investments_project_held_investor_idx` ON `investments` (`project_id`,`held`,`investor_id`,`amount_cents`);--> statement-breakpoint
ALTER TABLE `projects` ADD `settled_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `settled_cents` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `settled_shares` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `settled_investors` integer;--> statement-breakpoint
CREATE INDEX `projects_due_idx` ON `projects` (`status`,`funding_deadline`);