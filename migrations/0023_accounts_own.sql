CREATE TABLE `email_verifications` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_verifications_token_uq` ON `email_verifications` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deletion_requested_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
CREATE INDEX `users_deletion_idx` ON `users` (`deletion_requested_at`);--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `digest` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `digest_period` text;--> statement-breakpoint
CREATE INDEX `notification_preferences_digest_idx` ON `notification_preferences` (`digest`,`digest_period`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to_address`);