CREATE TABLE `market_days` (
	`project_id` text NOT NULL,
	`day` integer NOT NULL,
	`open_cents` integer NOT NULL,
	`high_cents` integer NOT NULL,
	`low_cents` integer NOT NULL,
	`close_cents` integer NOT NULL,
	`trades` integer NOT NULL,
	`shares` integer NOT NULL,
	`value_cents` integer NOT NULL,
	PRIMARY KEY(`project_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `market_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`for_company` integer DEFAULT false NOT NULL,
	`side` text NOT NULL,
	`price_cents` integer NOT NULL,
	`shares` integer NOT NULL,
	`remaining` integer NOT NULL,
	`status` text NOT NULL,
	`cancel_reason` text,
	`seq` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `markets`(`project_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "market_orders_remaining" CHECK("market_orders"."remaining" >= 0 and "market_orders"."remaining" <= "market_orders"."shares"),
	CONSTRAINT "market_orders_size" CHECK("market_orders"."shares" >= 1 and "market_orders"."price_cents" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `market_orders_key_idx` ON `market_orders` (`owner_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `market_orders_asks_idx` ON `market_orders` (`project_id`,`price_cents`,`seq`) WHERE status = 'open' and side = 'sell';--> statement-breakpoint
CREATE INDEX `market_orders_bids_idx` ON `market_orders` (`project_id`,"price_cents" desc,`seq`) WHERE status = 'open' and side = 'buy';--> statement-breakpoint
CREATE INDEX `market_orders_owner_idx` ON `market_orders` (`owner_id`,`project_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `market_orders_project_idx` ON `market_orders` (`project_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `market_orders_expiry_idx` ON `market_orders` (`expires_at`) WHERE status = 'open';--> statement-breakpoint
CREATE TABLE `markets` (
	`project_id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`seq` integer DEFAULT 0 NOT NULL,
	`halt_reason` text,
	`halted_by` text,
	`halted_at` integer,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`treasury_shares` integer DEFAULT 0 NOT NULL,
	`last_price_cents` integer,
	`last_trade_at` integer,
	`trades` integer DEFAULT 0 NOT NULL,
	`volume_shares` integer DEFAULT 0 NOT NULL,
	`volume_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "markets_seq" CHECK("markets"."seq" >= 0)
);
--> statement-breakpoint
CREATE INDEX `markets_listed_idx` ON `markets` (`last_trade_at`,`opened_at`) WHERE status <> 'closed';--> statement-breakpoint
CREATE TABLE `trades` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`buy_order_id` text NOT NULL,
	`sell_order_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`buyer_company` integer DEFAULT false NOT NULL,
	`seller_id` text NOT NULL,
	`shares` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`value_cents` integer NOT NULL,
	`fee_cents` integer NOT NULL,
	`seller_cost_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`day` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `markets`(`project_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "trades_cash" CHECK("trades"."value_cents" = "trades"."shares" * "trades"."price_cents" and "trades"."fee_cents" >= 0 and "trades"."fee_cents" <= "trades"."value_cents"),
	CONSTRAINT "trades_size" CHECK("trades"."shares" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trades_orders_idx` ON `trades` (`buy_order_id`,`sell_order_id`);--> statement-breakpoint
CREATE INDEX `trades_project_idx` ON `trades` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `trades_buyer_idx` ON `trades` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `trades_seller_idx` ON `trades` (`seller_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `positions` ADD `reserved_shares` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `cost_out_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The exchange's kept state (ADR 053), hand-written below drizzle-kit's tables: a funded company gets
-- its market, an exit closes it, a sell order's open remainder is reserved on its owner's position,
-- and a trade moves shares and money between two positions, the market's figures and the holders'
-- money by day, all in the batch that inserts it.
INSERT INTO `markets` (`project_id`, `opened_at`, `status`, `closed_at`)
SELECT id, settled_at, CASE WHEN exited_at IS NULL THEN 'open' ELSE 'closed' END, exited_at
FROM `projects` WHERE status = 'funded' AND settled_at IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `markets_open_on_insert` AFTER INSERT ON `projects`
  WHEN new.status = 'funded' AND new.settled_at IS NOT NULL BEGIN
  INSERT INTO `markets` (`project_id`, `opened_at`, `status`, `closed_at`)
    VALUES (new.id, new.settled_at, CASE WHEN new.exited_at IS NULL THEN 'open' ELSE 'closed' END, new.exited_at)
    ON CONFLICT (`project_id`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `markets_open_on_funded` AFTER UPDATE OF `status`, `settled_at` ON `projects`
  WHEN new.status = 'funded' AND new.settled_at IS NOT NULL AND new.exited_at IS NULL BEGIN
  INSERT INTO `markets` (`project_id`, `opened_at`) VALUES (new.id, new.settled_at)
    ON CONFLICT (`project_id`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `markets_close_on_exit` AFTER UPDATE OF `exited_at` ON `projects`
  WHEN new.exited_at IS NOT NULL AND old.exited_at IS NULL BEGIN
  UPDATE `market_orders` SET `status` = 'cancelled', `cancel_reason` = 'exit', `closed_at` = new.exited_at
    WHERE `project_id` = new.id AND `status` = 'open';
  UPDATE `markets` SET `status` = 'closed', `closed_at` = new.exited_at, `seq` = `seq` + 1
    WHERE `project_id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `positions_never_oversold_insert` BEFORE INSERT ON `positions`
  WHEN new.shares < 0 OR new.reserved_shares < 0 OR new.reserved_shares > new.shares BEGIN
  SELECT RAISE(ABORT, 'position_oversold');
END;
--> statement-breakpoint
CREATE TRIGGER `positions_never_oversold` BEFORE UPDATE OF `shares`, `reserved_shares` ON `positions`
  WHEN new.shares < 0 OR new.reserved_shares < 0 OR new.reserved_shares > new.shares BEGIN
  SELECT RAISE(ABORT, 'position_oversold');
END;
--> statement-breakpoint
CREATE TRIGGER `market_orders_reserve_insert` AFTER INSERT ON `market_orders`
  WHEN new.side = 'sell' AND new.status = 'open' BEGIN
  SELECT RAISE(ABORT, 'position_oversold') WHERE NOT EXISTS
    (SELECT 1 FROM `positions` WHERE `project_id` = new.project_id AND `investor_id` = new.owner_id);
  UPDATE `positions` SET `reserved_shares` = `reserved_shares` + new.remaining
    WHERE `project_id` = new.project_id AND `investor_id` = new.owner_id;
END;
--> statement-breakpoint
CREATE TRIGGER `market_orders_reserve_update` AFTER UPDATE OF `remaining`, `status` ON `market_orders`
  WHEN new.side = 'sell' AND (old.status = 'open' OR new.status = 'open') BEGIN
  UPDATE `positions` SET `reserved_shares` = `reserved_shares`
      + CASE WHEN new.status = 'open' THEN new.remaining ELSE 0 END
      - CASE WHEN old.status = 'open' THEN old.remaining ELSE 0 END
    WHERE `project_id` = new.project_id AND `investor_id` = new.owner_id;
END;
--> statement-breakpoint
CREATE TRIGGER `trades_kept_insert` AFTER INSERT ON `trades` BEGIN
  SELECT RAISE(ABORT, 'position_oversold') WHERE NOT EXISTS
    (SELECT 1 FROM `positions` WHERE `project_id` = new.project_id AND `investor_id` = new.seller_id);
  UPDATE `positions` SET `shares` = `shares` - new.shares,
      `cost_out_cents` = `cost_out_cents` + new.seller_cost_cents,
      `realized_cents` = `realized_cents` + new.value_cents - new.fee_cents,
      `value_cents` = CASE WHEN `mark_cents` IS NULL THEN `amount_cents` - `cost_out_cents` - new.seller_cost_cents
        ELSE (`shares` - new.shares) * `mark_cents` END
    WHERE `project_id` = new.project_id AND `investor_id` = new.seller_id;
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`,
      `first_at`, `mark_cents`, `mark_event_id`, `marked_day`, `value_cents`)
    SELECT new.project_id, new.buyer_id, p.category, p.risk_level, new.shares, new.value_cents, 0, new.created_at,
      new.created_at, p.mark_cents, p.mark_event_id, NULL, coalesce(new.shares * p.mark_cents, new.value_cents)
    FROM `projects` p WHERE p.id = new.project_id AND new.buyer_company = 0
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`,
      `last_at` = max(`last_at`, excluded.`last_at`),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN excluded.`amount_cents` ELSE excluded.`shares` * `mark_cents` END;
  UPDATE `markets` SET `treasury_shares` = `treasury_shares` + CASE WHEN new.buyer_company THEN new.shares ELSE 0 END,
      `last_price_cents` = new.price_cents, `last_trade_at` = new.created_at, `trades` = `trades` + 1,
      `volume_shares` = `volume_shares` + new.shares, `volume_cents` = `volume_cents` + new.value_cents
    WHERE `project_id` = new.project_id;
  INSERT INTO `market_days` (`project_id`, `day`, `open_cents`, `high_cents`, `low_cents`, `close_cents`, `trades`, `shares`, `value_cents`)
    VALUES (new.project_id, new.day, new.price_cents, new.price_cents, new.price_cents, new.price_cents, 1, new.shares, new.value_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `high_cents` = max(`high_cents`, excluded.`high_cents`),
      `low_cents` = min(`low_cents`, excluded.`low_cents`), `close_cents` = excluded.`close_cents`, `trades` = `trades` + 1,
      `shares` = `shares` + excluded.`shares`, `value_cents` = `value_cents` + excluded.`value_cents`;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
    SELECT new.buyer_id, new.day, new.value_cents WHERE new.buyer_company = 0
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `invested_cents` = `invested_cents` + excluded.`invested_cents`;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `distributed_cents`)
    VALUES (new.seller_id, new.day, new.value_cents - new.fee_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `distributed_cents` = `distributed_cents` + excluded.`distributed_cents`;
END;
--> statement-breakpoint
DROP TRIGGER `positions_kept_update`;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_update` AFTER UPDATE OF `shares`, `amount_cents`, `value_cents`, `realized_cents`, `investments`,
    `category`, `risk_level`, `first_at`, `mark_event_id`, `marked_day`, `investor_id`, `project_id` ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` + (new.shares > 0) - (old.shares > 0)
    WHERE `id` = new.project_id AND (new.shares > 0) <> (old.shares > 0);
  UPDATE `investor_stats` SET `cents_squared` = `cents_squared` - cast(old.amount_cents as real) * old.amount_cents + cast(new.amount_cents as real) * new.amount_cents,
      `value_squared` = `value_squared` - cast(old.value_cents as real) * old.value_cents + cast(new.value_cents as real) * new.value_cents
    WHERE `investor_id` = new.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level
      AND `investments` <= 0 AND `amount_cents` <= 0;
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
DROP TRIGGER `positions_kept_delete`;
--> statement-breakpoint
CREATE TRIGGER `positions_kept_delete` AFTER DELETE ON `positions` BEGIN
  UPDATE `projects` SET `investor_count` = `investor_count` - 1 WHERE `id` = old.project_id AND old.shares > 0;
  UPDATE `investor_stats` SET `positions` = `positions` - 1,
      `cents_squared` = CASE WHEN `positions` <= 1 THEN 0 ELSE `cents_squared` - cast(old.amount_cents as real) * old.amount_cents END,
      `value_squared` = CASE WHEN `positions` <= 1 THEN 0 ELSE `value_squared` - cast(old.value_cents as real) * old.value_cents END
    WHERE `investor_id` = old.investor_id;
  UPDATE `investor_mix` SET `investments` = `investments` - old.investments,
      `amount_cents` = `amount_cents` - old.amount_cents, `shares` = `shares` - old.shares,
      `value_cents` = `value_cents` - old.value_cents, `realized_cents` = `realized_cents` - old.realized_cents
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level;
  DELETE FROM `investor_mix`
    WHERE `investor_id` = old.investor_id AND `category` = old.category AND `risk_level` = old.risk_level
      AND `investments` <= 0 AND `amount_cents` <= 0;
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
