CREATE TABLE `released_usernames` (
	`username` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`released_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `released_usernames_released_idx` ON `released_usernames` (`released_at`);--> statement-breakpoint
CREATE TABLE `sign_in_networks` (
	`user_id` text NOT NULL,
	`network` text NOT NULL,
	`last_used_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `network`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_networks_used_idx` ON `sign_in_networks` (`last_used_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_owner_idx` ON `uploads` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_created_idx` ON `uploads` (`created_at`);--> statement-breakpoint
ALTER TABLE `investments` ADD `cancel_cutoff_at` integer;--> statement-breakpoint
-- Investments made before this migration keep the cutoff their offering states now: 48 hours before 00:00 UTC of the deadline.
UPDATE `investments` SET `cancel_cutoff_at` = (SELECT unixepoch(p.`funding_deadline`) * 1000 - 172800000 FROM `projects` p WHERE p.`id` = `investments`.`project_id`);
