// Before `next dev` / `next build`: make sure the database schema is current.
import { migrate } from "./migrate.mjs";
migrate({ quiet: true });
