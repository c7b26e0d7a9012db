CREATE TABLE `project_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`author_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`body` text NOT NULL,
	`fields` text NOT NULL,
	`review_note` text,
	`reviewer_id` text,
	`submitted_at` integer NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "project_revisions_body_json" CHECK(json_valid("project_revisions"."body") and length("project_revisions"."body") <= 262144)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `project_revisions_pending_idx` ON `project_revisions` (`project_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `project_revisions_status_idx` ON `project_revisions` (`status`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `project_revisions_project_idx` ON `project_revisions` (`project_id`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `reconfirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`investment_id` text NOT NULL,
	`investor_id` text NOT NULL,
	`project_id` text NOT NULL,
	`revision_id` text NOT NULL,
	`fields` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`due_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`investment_id`) REFERENCES `investments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reconfirmations_pending_idx` ON `reconfirmations` (`investment_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `reconfirmations_due_idx` ON `reconfirmations` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `reconfirmations_investor_idx` ON `reconfirmations` (`investor_id`,`status`);--> statement-breakpoint
CREATE INDEX `reconfirmations_project_idx` ON `reconfirmations` (`project_id`,`status`);