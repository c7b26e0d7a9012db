CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `investments_investor_idx`;--> statement-breakpoint
DROP INDEX `investments_project_idx`;--> statement-breakpoint
DROP INDEX `investments_project_recent_idx`;--> statement-breakpoint
CREATE INDEX `investments_investor_recent_idx` ON `investments` (`investor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `investments_project_investor_idx` ON `investments` (`project_id`,`status`,`investor_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `investments_project_recent_idx` ON `investments` (`project_id`,`status`,`created_at`,`id`,`amount_cents`);--> statement-breakpoint
DROP INDEX `notifications_event_unique`;--> statement-breakpoint
DROP INDEX `notifications_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`event_key`,`user_id`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `project_follows_project_idx`;--> statement-breakpoint
CREATE INDEX `project_follows_user_idx` ON `project_follows` (`user_id`,`created_at`,`project_id`);--> statement-breakpoint
CREATE INDEX `project_follows_project_idx` ON `project_follows` (`project_id`,`created_at`,`user_id`);--> statement-breakpoint
DROP INDEX `project_questions_project_idx`;--> statement-breakpoint
CREATE INDEX `project_questions_project_idx` ON `project_questions` (`project_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `project_updates_project_idx`;--> statement-breakpoint
CREATE INDEX `project_updates_project_idx` ON `project_updates` (`project_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `projects_browse_idx` ON `projects` (`sector`,`status`,`featured`,`created_at`,`published_at`,`funding_deadline`,`shares_sold`,`total_shares`,`funding_current_cents`,`funding_goal_cents`,`slug`);--> statement-breakpoint
CREATE INDEX `supporters_public_idx` ON `supporters` (`show_publicly`,`created_at`);