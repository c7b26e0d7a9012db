CREATE TABLE `trusted_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trusted_devices_user_idx` ON `trusted_devices` (`user_id`,`last_used_at`);--> statement-breakpoint
-- Hand-edited: rate-limit rows are short-lived counters, so the table is recreated empty with its
-- new columns (window length and limit) rather than copied.
DROP TABLE `rate_limits`;--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`window_ms` integer NOT NULL,
	`count` integer NOT NULL,
	`max_count` integer NOT NULL,
	CONSTRAINT "rate_limits_within_limit" CHECK("count" <= "max_count")
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `sessions_created_idx` ON `sessions` (`created_at`);