CREATE TABLE `project_drafts` (
	`founder_id` text PRIMARY KEY NOT NULL,
	`project_id` text,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`founder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "project_drafts_body_json" CHECK(json_valid("project_drafts"."body") and length("project_drafts"."body") <= 262144)
);
--> statement-breakpoint
CREATE INDEX `project_drafts_project_idx` ON `project_drafts` (`project_id`);