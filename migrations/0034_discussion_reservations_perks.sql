CREATE TABLE `discussion_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`parent_id` text,
	`depth` integer DEFAULT 0 NOT NULL,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`by_founder` integer DEFAULT false NOT NULL,
	`pinned_at` integer,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`hidden_at` integer,
	`hidden_note` text,
	`hidden_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`edited_at` integer,
	`last_activity_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "discussion_posts_body_length" CHECK(length("discussion_posts"."body") between 1 and 5000),
	CONSTRAINT "discussion_posts_depth_range" CHECK("discussion_posts"."depth" between 0 and 2),
	CONSTRAINT "discussion_posts_counts_nonneg" CHECK("discussion_posts"."vote_count" >= 0 and "discussion_posts"."reply_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `discussion_threads_top_idx` ON `discussion_posts` (`project_id`,`depth`,`vote_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_threads_new_idx` ON `discussion_posts` (`project_id`,`depth`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_thread_idx` ON `discussion_posts` (`thread_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_parent_idx` ON `discussion_posts` (`parent_id`);--> statement-breakpoint
CREATE INDEX `discussion_author_idx` ON `discussion_posts` (`author_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_pinned_idx` ON `discussion_posts` (`project_id`,`pinned_at`);--> statement-breakpoint
CREATE TABLE `discussion_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	`resolved_by` text,
	FOREIGN KEY (`post_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "discussion_reports_detail_length" CHECK("discussion_reports"."detail" is null or length("discussion_reports"."detail") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discussion_reports_unique` ON `discussion_reports` (`post_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `discussion_reports_queue_idx` ON `discussion_reports` (`resolved_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `discussion_reports_reporter_idx` ON `discussion_reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `discussion_votes` (
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `discussion_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discussion_votes_user_idx` ON `discussion_votes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `perk_awards` (
	`id` text PRIMARY KEY NOT NULL,
	`perk_id` text NOT NULL,
	`project_id` text NOT NULL,
	`investment_id` text NOT NULL,
	`investor_id` text NOT NULL,
	`bonus_shares` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`perk_id`) REFERENCES `project_perks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "perk_awards_bonus_nonneg" CHECK("perk_awards"."bonus_shares" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `perk_awards_unique` ON `perk_awards` (`perk_id`,`investment_id`);--> statement-breakpoint
CREATE INDEX `perk_awards_investor_idx` ON `perk_awards` (`investor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `perk_awards_investment_idx` ON `perk_awards` (`investment_id`);--> statement-breakpoint
CREATE TABLE `project_activity_days` (
	`project_id` text NOT NULL,
	`day` text NOT NULL,
	`invested_cents` integer DEFAULT 0 NOT NULL,
	`new_followers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_activity_days_day_idx` ON `project_activity_days` (`day`);--> statement-breakpoint
CREATE TABLE `project_perks` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text DEFAULT 'reward' NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`min_amount_cents` integer,
	`first_investors` integer,
	`bonus_percent` real,
	`awarded_count` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "project_perks_title_length" CHECK(length("project_perks"."title") between 1 and 80),
	CONSTRAINT "project_perks_description_length" CHECK(length("project_perks"."description") <= 500),
	CONSTRAINT "project_perks_awarded_nonneg" CHECK("project_perks"."awarded_count" >= 0),
	CONSTRAINT "project_perks_first_bound" CHECK("project_perks"."first_investors" is null or ("project_perks"."first_investors" >= 1 and "project_perks"."awarded_count" <= "project_perks"."first_investors"))
);
--> statement-breakpoint
CREATE INDEX `project_perks_project_idx` ON `project_perks` (`project_id`,`position`);--> statement-breakpoint
CREATE TABLE `project_reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`canceled_at` integer,
	`lapses_at` integer,
	`confirmed_at` integer,
	`investment_id` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "project_reservations_amount_positive" CHECK("project_reservations"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_reservations_unique` ON `project_reservations` (`project_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `project_reservations_project_idx` ON `project_reservations` (`project_id`,`status`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `project_reservations_user_idx` ON `project_reservations` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `project_reservations_lapse_idx` ON `project_reservations` (`status`,`lapses_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `posting_suspended_until` integer;--> statement-breakpoint
ALTER TABLE `investments` ADD `bonus_shares` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `launch_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `reserved_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `reservation_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `trend_score` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `last_update_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `update_reminded_at` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `thread_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `projects_trending_idx` ON `projects` (`status`,`trend_score`,`slug`);--> statement-breakpoint
CREATE INDEX `projects_new_idx` ON `projects` (`status`,`published_at`,`slug`);--> statement-breakpoint
CREATE INDEX `projects_launch_idx` ON `projects` (`status`,`launch_at`);--> statement-breakpoint
CREATE INDEX `projects_update_due_idx` ON `projects` (`status`,`last_update_at`);--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `replies` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `projects` SET `last_update_at` = (SELECT max(`created_at`) FROM `project_updates` u WHERE u.`project_id` = `projects`.`id` AND u.`hidden` = 0);
