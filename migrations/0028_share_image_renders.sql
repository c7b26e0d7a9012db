CREATE TABLE `share_image_renders` (
	`project_id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`claimed_until` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
