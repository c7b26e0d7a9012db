CREATE TABLE `error_events` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`message` text NOT NULL,
	`stack` text NOT NULL,
	`route` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_request_id` text NOT NULL,
	`release` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `error_events_last_seen_idx` ON `error_events` (`last_seen_at`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`summary` text,
	`error` text,
	`release` text NOT NULL,
	CONSTRAINT "job_runs_status" CHECK("job_runs"."status" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_idx` ON `job_runs` (`job`,`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `job_runs_started_idx` ON `job_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `metric_buckets` (
	`span` integer NOT NULL,
	`bucket_start` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`h0` integer DEFAULT 0 NOT NULL,
	`h1` integer DEFAULT 0 NOT NULL,
	`h2` integer DEFAULT 0 NOT NULL,
	`h3` integer DEFAULT 0 NOT NULL,
	`h4` integer DEFAULT 0 NOT NULL,
	`h5` integer DEFAULT 0 NOT NULL,
	`h6` integer DEFAULT 0 NOT NULL,
	`h7` integer DEFAULT 0 NOT NULL,
	`h8` integer DEFAULT 0 NOT NULL,
	`h9` integer DEFAULT 0 NOT NULL,
	`h10` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`span`, `bucket_start`, `kind`, `name`),
	CONSTRAINT "metric_buckets_span" CHECK("metric_buckets"."span" in (60, 3600)),
	CONSTRAINT "metric_buckets_kind" CHECK("metric_buckets"."kind" in ('route', 'event'))
);
