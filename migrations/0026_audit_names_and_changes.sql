ALTER TABLE `admin_audit` ADD `target_name` text;--> statement-breakpoint
ALTER TABLE `admin_audit` ADD `changes` text;