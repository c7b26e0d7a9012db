CREATE TABLE `investor_flows` (
	`investor_id` text NOT NULL,
	`day` integer NOT NULL,
	`invested_cents` integer DEFAULT 0 NOT NULL,
	`distributed_cents` integer DEFAULT 0 NOT NULL,
	`marked_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`investor_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `investor_vintages` (
	`investor_id` text NOT NULL,
	`year` integer NOT NULL,
	`positions` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`value_cents` integer NOT NULL,
	`realized_cents` integer NOT NULL,
	PRIMARY KEY(`investor_id`, `year`)
);
--> statement-breakpoint
CREATE TABLE `distributions` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`project_id` text NOT NULL,
	`investor_id` text NOT NULL,
	`shares` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`day` integer NOT NULL,
	`paid_at` integer NOT NULL,
	FOREIGN KEY (`investor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "distributions_amount" CHECK("distributions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `distributions_once_idx` ON `distributions` (`event_id`,`investor_id`);--> statement-breakpoint
CREATE INDEX `distributions_investor_idx` ON `distributions` (`investor_id`,`paid_at`);--> statement-breakpoint
CREATE INDEX `distributions_investor_project_idx` ON `distributions` (`investor_id`,`project_id`);--> statement-breakpoint
CREATE TABLE `valuation_events` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`effective_on` text NOT NULL,
	`price_cents` integer NOT NULL,
	`pre_money_cents` integer,
	`round_name` text DEFAULT '' NOT NULL,
	`statement` text NOT NULL,
	`evidence` text DEFAULT '' NOT NULL,
	`reported_by` text,
	`mark_cents` integer,
	`proceeds_per_share_cents` integer,
	`conversion_price_cents` real,
	`holders` integer,
	`review_note` text,
	`reviewer_id` text,
	`created_at` integer NOT NULL,
	`reviewed_at` integer,
	`applied_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "valuation_events_price" CHECK("valuation_events"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `valuation_events_pending_idx` ON `valuation_events` (`project_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `valuation_events_status_idx` ON `valuation_events` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `valuation_events_project_idx` ON `valuation_events` (`project_id`,`effective_on`,`created_at`);--> statement-breakpoint
CREATE INDEX `valuation_events_applying_idx` ON `valuation_events` (`reviewed_at`) WHERE status = 'approved' and applied_at is null;--> statement-breakpoint
ALTER TABLE `projects` ADD `mark_cents` integer;--> statement-breakpoint
ALTER TABLE `projects` ADD `mark_event_id` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `marked_on` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `conversion_price_cents` real;--> statement-breakpoint
ALTER TABLE `projects` ADD `exited_at` integer;--> statement-breakpoint
ALTER TABLE `investor_mix` ADD `realized_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `first_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `mark_cents` integer;--> statement-breakpoint
ALTER TABLE `positions` ADD `mark_event_id` text;--> statement-breakpoint
ALTER TABLE `positions` ADD `marked_day` integer;--> statement-breakpoint
ALTER TABLE `positions` ADD `value_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `realized_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `moic` real GENERATED ALWAYS AS ((value_cents + realized_cents) * 1.0 / max(amount_cents, 1)) VIRTUAL;--> statement-breakpoint
ALTER TABLE `investor_stats` ADD `value_squared` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `positions_investor_value_idx` ON `positions` (`investor_id`,`value_cents`,`project_id`);--> statement-breakpoint
CREATE INDEX `positions_investor_moic_idx` ON `positions` (`investor_id`,`moic`,`project_id`);--> statement-breakpoint
-- What an investment becomes (ADR 052). The kept sums (ADR 037) learn a holding's value: a
-- position is worth its cost until a reviewed event marks it (`mark_cents`), then shares × mark;
-- investor_mix and investor_vintages keep Σ value and Σ realized cash; investor_flows keeps an
-- investor's money by day (invested on each purchase's day; distributed and the marks' change of
-- value over cost on each event's day). The position triggers write the marks' change (value −
-- cost, on the event's day when a mark moved it, else today) and the investment triggers what was
-- invested, so Σ invested + Σ marked is the value, whatever wrote the rows.
DROP TRIGGER `positions_kept_insert`;
--> statement-breakpoint
DROP TRIGGER `positions_kept_update`;
--> statement-breakpoint
DROP TRIGGER `positions_kept_delete`;
--> statement-breakpoint
UPDATE `positions` SET `value_cents` = `amount_cents`,
  `first_at` = coalesce((SELECT min(i.created_at) FROM `investments` i
    WHERE i.project_id = `positions`.project_id AND i.investor_id = `positions`.investor_id AND i.held = 1), `last_at`);
--> statement-breakpoint
UPDATE `investor_stats` SET `value_squared` = `cents_squared`;
--> statement-breakpoint
INSERT INTO `investor_vintages` (`investor_id`, `year`, `positions`, `amount_cents`, `value_cents`, `realized_cents`)
SELECT investor_id, cast(strftime('%Y', first_at / 1000, 'unixepoch') as integer), count(*), sum(amount_cents), sum(value_cents), 0
FROM `positions` GROUP BY investor_id, cast(strftime('%Y', first_at / 1000, 'unixepoch') as integer);
--> statement-breakpoint
INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
SELECT investor_id, cast(created_at / 86400000 as integer), sum(amount_cents)
FROM `investments` WHERE held = 1 GROUP BY investor_id, cast(created_at / 86400000 as integer);
--> statement-breakpoint
CREATE TRIGGER `positions_kept_insert` AFTER INSERT ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `investor_stats` (`investor_id`, `positions`, `cents_squared`, `value_squared`)
    VALUES (new.investor_id, 1, cast(new.amount_cents as real) * new.amount_cents, cast(new.value_cents as real) * new.value_cents)
    ON CONFLICT (`investor_id`) DO UPDATE SET `positions` = `positions` + 1,
      `cents_squared` = `cents_squared` + excluded.`cents_squared`, `value_squared` = `value_squared` + excluded.`value_squared`;
  INSERT INTO `investor_mix` (`investor_id`, `category`, `risk_level`, `investments`, `amount_cents`, `shares`, `value_cents`, `realized_cents`)
    VALUES (new.investor_id, new.category, new.risk_level, new.investments, new.amount_cents, new.shares, new.value_cents, new.realized_cents)
    ON CONFLICT (`investor_id`, `category`, `risk_level`) DO UPDATE SET
      `investments` = `investments` + excluded.`investments`, `amount_cents` = `amount_cents` + excluded.`amount_cents`,
      `shares` = `shares` + excluded.`shares`, `value_cents` = `value_cents` + excluded.`value_cents`,
      `realized_cents` = `realized_cents` + excluded.`realized_cents`;
  INSERT INTO `investor_vintages` (`investor_id`, `year`, `positions`, `amount_cents`, `value_cents`, `realized_cents`)
    VALUES (new.investor_id, cast(strftime('%Y', new.first_at / 1000, 'unixepoch') as integer), 1, new.amount_cents, new.value_cents, new.realized_cents)
    ON CONFLICT (`investor_id`, `year`) DO UPDATE SET `positions` = `positions` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `value_cents` = `value_cents` + excluded.`value_cents`,
      `realized_cents` = `realized_cents` + excluded.`realized_cents`;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `marked_cents`)
    SELECT new.investor_id, coalesce(new.marked_day, cast(unixepoch() / 86400 as integer)), new.value_cents - new.amount_cents
    WHERE new.value_cents <> new.amount_cents
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `marked_cents` = `marked_cents` + excluded.`marked_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_update` AFTER UPDATE ON `positions` BEGIN
  UPDATE `investor_stats` SET `cents_squared` = `cents_squared` - cast(old.amount_cents as real) * old.amount_cents + cast(new.amount_cents as real) * new.amount_cents,
      `value_squared` = `value_squared` - cast(old.value_cents as real) * old.value_cents + cast(new.value_cents as real) * new.value_cents
    WHERE `investor_id` = new.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level AND `investments` <= 0;
  INSERT INTO `investor_mix` (`investor_id`, `category`, `risk_level`, `investments`, `amount_cents`, `shares`, `value_cents`, `realized_cents`)
    VALUES (new.investor_id, new.category, new.risk_level, new.investments, new.amount_cents, new.shares, new.value_cents, new.realized_cents)
    ON CONFLICT (`investor_id`, `category`, `risk_level`) DO UPDATE SET
      `investments` = `investments` + excluded.`investments`, `amount_cents` = `amount_cents` + excluded.`amount_cents`,
      `shares` = `shares` + excluded.`shares`, `value_cents` = `value_cents` + excluded.`value_cents`,
      `realized_cents` = `realized_cents` + excluded.`realized_cents`;
  UPDATE `investor_vintages` SET `positions` = `positions` - 1, `amount_cents` = `amount_cents` - old.amount_cents,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `year` = cast(strftime('%Y', old.first_at / 1000, 'unixepoch') as integer);
  DELETE FROM `investor_vintages`
    WHERE `investor_id` = old.investor_id AND `year` = cast(strftime('%Y', old.first_at / 1000, 'unixepoch') as integer) AND `positions` <= 0;
  INSERT INTO `investor_vintages` (`investor_id`, `year`, `positions`, `amount_cents`, `value_cents`, `realized_cents`)
    VALUES (new.investor_id, cast(strftime('%Y', new.first_at / 1000, 'unixepoch') as integer), 1, new.amount_cents, new.value_cents, new.realized_cents)
    ON CONFLICT (`investor_id`, `year`) DO UPDATE SET `positions` = `positions` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `value_cents` = `value_cents` + excluded.`value_cents`,
      `realized_cents` = `realized_cents` + excluded.`realized_cents`;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `marked_cents`)
    SELECT new.investor_id,
      CASE WHEN new.mark_event_id IS NOT old.mark_event_id THEN new.marked_day ELSE cast(unixepoch() / 86400 as integer) END,
      (new.value_cents - new.amount_cents) - (old.value_cents - old.amount_cents)
    WHERE (new.value_cents - new.amount_cents) <> (old.value_cents - old.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `marked_cents` = `marked_cents` + excluded.`marked_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_delete` AFTER DELETE ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` - 1 WHERE `id` = old.project_id;
  UPDATE `investor_stats` SET `positions` = `positions` - 1,
      `cents_squared` = CASE WHEN `positions` <= 1 THEN 0 ELSE `cents_squared` - cast(old.amount_cents as real) * old.amount_cents END,
      `value_squared` = CASE WHEN `positions` <= 1 THEN 0 ELSE `value_squared` - cast(old.value_cents as real) * old.value_cents END
    WHERE `investor_id` = old.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level AND `investments` <= 0;
  UPDATE `investor_vintages` SET `positions` = `positions` - 1, `amount_cents` = `amount_cents` - old.amount_cents,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `year` = cast(strftime('%Y', old.first_at / 1000, 'unixepoch') as integer);
  DELETE FROM `investor_vintages`
    WHERE `investor_id` = old.investor_id AND `year` = cast(strftime('%Y', old.first_at / 1000, 'unixepoch') as integer) AND `positions` <= 0;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `marked_cents`)
    SELECT old.investor_id, cast(unixepoch() / 86400 as integer), -(old.value_cents - old.amount_cents)
    WHERE old.value_cents <> old.amount_cents
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `marked_cents` = `marked_cents` + excluded.`marked_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `distributions_kept_insert` AFTER INSERT ON `distributions` BEGIN
  INSERT INTO `investor_flows` (`investor_id`, `day`, `distributed_cents`) VALUES (new.investor_id, new.day, new.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `distributed_cents` = `distributed_cents` + excluded.`distributed_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `distributions_kept_delete` AFTER DELETE ON `distributions` BEGIN
  UPDATE `investor_flows` SET `distributed_cents` = `distributed_cents` - old.amount_cents
    WHERE `investor_id` = old.investor_id AND `day` = old.day;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_insert_active`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_insert_active` AFTER INSERT ON `investments` WHEN new.held = 1 BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`,
      `first_at`, `mark_cents`, `mark_event_id`, `marked_day`, `value_cents`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at,
      new.created_at, p.mark_cents, p.mark_event_id, NULL, coalesce(new.shares * p.mark_cents, new.amount_cents)
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`), `first_at` = min(`first_at`, excluded.`first_at`),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN excluded.`amount_cents` ELSE excluded.`shares` * `mark_cents` END;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
    VALUES (new.investor_id, cast(new.created_at / 86400000 as integer), new.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `invested_cents` = `invested_cents` + excluded.`invested_cents`;
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_delete_active`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_delete_active` AFTER DELETE ON `investments` WHEN old.held = 1 BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `first_at` = CASE WHEN old.created_at > `first_at` THEN `first_at` ELSE coalesce(
        (SELECT min(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `value_cents` = `value_cents` - CASE WHEN `mark_cents` IS NULL THEN old.amount_cents ELSE old.shares * `mark_cents` END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  UPDATE `investor_flows` SET `invested_cents` = `invested_cents` - old.amount_cents
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_flows` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer)
    AND `invested_cents` = 0 AND `distributed_cents` = 0 AND `marked_cents` = 0;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_leave`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_leave` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN old.held = 1
  AND NOT (new.held = 1 AND new.shares = old.shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `first_at` = CASE WHEN old.created_at > `first_at` THEN `first_at` ELSE coalesce(
        (SELECT min(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `value_cents` = `value_cents` - CASE WHEN `mark_cents` IS NULL THEN old.amount_cents ELSE old.shares * `mark_cents` END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  UPDATE `investor_flows` SET `invested_cents` = `invested_cents` - old.amount_cents
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_flows` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer)
    AND `invested_cents` = 0 AND `distributed_cents` = 0 AND `marked_cents` = 0;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_join`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_join` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN new.held = 1
  AND NOT (old.held = 1 AND new.shares = old.shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`,
      `first_at`, `mark_cents`, `mark_event_id`, `marked_day`, `value_cents`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at,
      new.created_at, p.mark_cents, p.mark_event_id, NULL, coalesce(new.shares * p.mark_cents, new.amount_cents)
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`), `first_at` = min(`first_at`, excluded.`first_at`),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN excluded.`amount_cents` ELSE excluded.`shares` * `mark_cents` END;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
    VALUES (new.investor_id, cast(new.created_at / 86400000 as integer), new.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `invested_cents` = `invested_cents` + excluded.`invested_cents`;
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
