ALTER TABLE `projects` ADD `trend_day` text;--> statement-breakpoint
CREATE INDEX `projects_sector_trending_idx` ON `projects` (`sector`,`status`,`trend_score`,`slug`);--> statement-breakpoint
CREATE INDEX `projects_university_trending_idx` ON `projects` (`university_name`,`status`,`trend_score`,`slug`);