import { migrateLocal } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

migrateLocal();
await seedLocal();
