CREATE TABLE `ai_insights` (
	`user_id` text PRIMARY KEY NOT NULL,
	`holdings_hash` text NOT NULL,
	`answer` text NOT NULL,
	`source` text NOT NULL,
	`model` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ai_insights_source_valid" CHECK("ai_insights"."source" in ('model','fallback'))
);
