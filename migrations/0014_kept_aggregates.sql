CREATE TABLE `investor_days` (
	`investor_id` text NOT NULL,
	`day` integer NOT NULL,
	`investments` integer NOT NULL,
	`limit_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`investor_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `investor_mix` (
	`investor_id` text NOT NULL,
	`category` text NOT NULL,
	`risk_level` text NOT NULL,
	`investments` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`shares` integer NOT NULL,
	`value_cents` integer NOT NULL,
	PRIMARY KEY(`investor_id`, `category`, `risk_level`)
);
--> statement-breakpoint
CREATE TABLE `investor_stats` (
	`investor_id` text PRIMARY KEY NOT NULL,
	`investments` integer DEFAULT 0 NOT NULL,
	`positions` integer DEFAULT 0 NOT NULL,
	`cents_squared` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `positions` (
	`project_id` text NOT NULL,
	`investor_id` text NOT NULL,
	`category` text NOT NULL,
	`risk_level` text NOT NULL,
	`shares` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`investments` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `investor_id`)
);
--> statement-breakpoint
CREATE INDEX `positions_project_amount_idx` ON `positions` (`project_id`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `positions_investor_amount_idx` ON `positions` (`investor_id`,`amount_cents`,`project_id`);--> statement-breakpoint
CREATE INDEX `positions_investor_group_idx` ON `positions` (`investor_id`,`category`,`risk_level`,`last_at`,`project_id`);--> statement-breakpoint
CREATE TABLE `project_days` (
	`project_id` text NOT NULL,
	`day` integer NOT NULL,
	`investments` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`project_id`, `day`)
);
--> statement-breakpoint
ALTER TABLE `projects` ADD `investor_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `investment_count` integer DEFAULT 0 NOT NULL;