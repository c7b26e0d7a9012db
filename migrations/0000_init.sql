CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `investments` (
	`id` text PRIMARY KEY NOT NULL,
	`investor_id` text NOT NULL,
	`project_id` text NOT NULL,
	`shares` integer NOT NULL,
	`share_price_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`investor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "investments_whole_shares" CHECK("investments"."shares" >= 1 and "investments"."shares" = cast("investments"."shares" as integer)),
	CONSTRAINT "investments_amount_matches" CHECK("investments"."amount_cents" = "investments"."shares" * "investments"."share_price_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `investments_idempotency_unique` ON `investments` (`investor_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `investments_investor_idx` ON `investments` (`investor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `investments_project_idx` ON `investments` (`project_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`founder_id` text,
	`title` text NOT NULL,
	`category` text NOT NULL,
	`sector` text NOT NULL,
	`description` text NOT NULL,
	`short_description` text NOT NULL,
	`about` text DEFAULT '' NOT NULL,
	`image` text NOT NULL,
	`gallery` text DEFAULT '[]' NOT NULL,
	`logo` text,
	`creator_info` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`location` text,
	`featured` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`risk_level` text DEFAULT 'medium' NOT NULL,
	`return_rate` real,
	`project_duration` integer NOT NULL,
	`team_description` text,
	`social_links` text DEFAULT '{}' NOT NULL,
	`university_name` text,
	`university_logo` text,
	`funding_goal_cents` integer NOT NULL,
	`funding_current_cents` integer DEFAULT 0 NOT NULL,
	`funding_deadline` text NOT NULL,
	`share_price_cents` integer NOT NULL,
	`total_shares` integer NOT NULL,
	`shares_sold` integer DEFAULT 0 NOT NULL,
	`regulation_type` text DEFAULT 'SAFE' NOT NULL,
	`valuation_cents` integer,
	`equity_percentage` real DEFAULT 10 NOT NULL,
	`min_investment_cents` integer DEFAULT 10000 NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`founders` text DEFAULT '[]' NOT NULL,
	`team` text DEFAULT '[]' NOT NULL,
	`documents` text DEFAULT '[]' NOT NULL,
	`faqs` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`founder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_total_shares_positive" CHECK("projects"."total_shares" > 0),
	CONSTRAINT "projects_shares_sold_range" CHECK("projects"."shares_sold" >= 0 and "projects"."shares_sold" <= "projects"."total_shares"),
	CONSTRAINT "projects_share_price_positive" CHECK("projects"."share_price_cents" > 0),
	CONSTRAINT "projects_funding_current_nonneg" CHECK("projects"."funding_current_cents" >= 0),
	CONSTRAINT "projects_funding_goal_min" CHECK("projects"."funding_goal_cents" >= 500000),
	CONSTRAINT "projects_min_investment_min" CHECK("projects"."min_investment_cents" >= 10000),
	CONSTRAINT "projects_equity_range" CHECK("projects"."equity_percentage" > 0 and "projects"."equity_percentage" <= 100),
	CONSTRAINT "projects_regulation_valid" CHECK("projects"."regulation_type" in ('SAFE','RegCF','RegA+'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `projects_founder_unique` ON `projects` (`founder_id`);--> statement-breakpoint
CREATE INDEX `projects_sector_idx` ON `projects` (`sector`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_featured_idx` ON `projects` (`featured`);--> statement-breakpoint
CREATE TABLE `public_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`username` text,
	`wefunder_url` text,
	`bio` text,
	`site` text,
	`investing_thesis` text,
	`about` text,
	`off_platform_investments` text,
	`investment_size` text,
	`interests` text DEFAULT '[]' NOT NULL,
	`hide_badges` integer DEFAULT false NOT NULL,
	`hide_investments` integer DEFAULT false NOT NULL,
	`hide_in_search_engines` integer DEFAULT false NOT NULL,
	`hide_location` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `public_profiles_username_unique` ON `public_profiles` (`username`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_verified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `supporters` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text,
	`show_publicly` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supporters_email_idx` ON `supporters` (`email`);--> statement-breakpoint
CREATE INDEX `supporters_created_idx` ON `supporters` (`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`birth_date` text NOT NULL,
	`role` text DEFAULT 'investor' NOT NULL,
	`phone_number` text,
	`bio` text,
	`profile_image` text,
	`risk_tolerance` text DEFAULT 'medium' NOT NULL,
	`time_horizon` text DEFAULT 'medium' NOT NULL,
	`preferred_sectors` text DEFAULT '["Technology","Real Estate"]' NOT NULL,
	`investment_goals` text DEFAULT '["Growth","Income"]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_lower" CHECK("users"."email" = lower(trim("users"."email"))),
	CONSTRAINT "users_role_valid" CHECK("users"."role" in ('investor','founder','admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);