DROP INDEX `investments_investor_idx`;--> statement-breakpoint
CREATE INDEX `investments_investor_recent_idx` ON `investments` (`investor_id`,`created_at`,`id`);--> statement-breakpoint
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
CREATE INDEX `supporters_public_idx` ON `supporters` (`show_publicly`,`created_at`);