ALTER TABLE `projects` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`status`);--> statement-breakpoint
-- Every project that exists before drafts did was published when it was created.
UPDATE `projects` SET `published_at` = `created_at` WHERE `status` <> 'draft';
