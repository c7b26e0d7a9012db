CREATE TABLE `investor_financials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`annual_income` integer,
	`net_worth` integer,
	`accredited` integer DEFAULT false NOT NULL,
	`apply_limits` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "investor_financials_income_range" CHECK("investor_financials"."annual_income" is null or "investor_financials"."annual_income" >= 0),
	CONSTRAINT "investor_financials_net_worth_range" CHECK("investor_financials"."net_worth" is null or "investor_financials"."net_worth" >= 0)
);
--> statement-breakpoint
ALTER TABLE `investments` ADD `cancelled_at` integer;