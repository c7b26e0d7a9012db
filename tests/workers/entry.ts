// The Worker under test: the real Hono app (middleware and /api) without the React Router build,
// which only exists after `react-router build` (pages are covered by the browser tests).
import { createApp } from "../../worker/app";

export default createApp();
