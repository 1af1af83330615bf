-- Reference data every installation starts with: the built-in currencies (spec section 3),
-- the shared read-only default categories, and a dated snapshot of exchange rates so a
-- first run works offline. Rates are units of the currency per 1 USD.
INSERT INTO currencies (code, name, symbol, decimal_places, is_active) VALUES
  ('USD', 'US Dollar', '$', 2, 1),
  ('EUR', 'Euro', '€', 2, 1),
  ('VES', 'Bolivares VE', 'VES', 2, 1),
  ('COP', 'COP', 'COP', 2, 1),
  ('MXN', 'MXN$', 'MXN$', 2, 1),
  ('GBP', 'British Pound', '£', 2, 1),
  ('JPY', 'Japanese Yen', '¥', 0, 1),
  ('CAD', 'Canadian Dollar', 'C$', 2, 1),
  ('AUD', 'Australian Dollar', 'A$', 2, 1);
--> statement-breakpoint
INSERT INTO categories (id, user_id, name, name_key, type, color, icon, is_default) VALUES
  ('default-food', NULL, 'Food & Dining', 'food & dining', 'expense', '#F97316', 'Utensils', 1),
  ('default-housing', NULL, 'Housing', 'housing', 'expense', '#6366F1', 'Home', 1),
  ('default-transport', NULL, 'Transportation', 'transportation', 'expense', '#0EA5E9', 'Car', 1),
  ('default-utilities', NULL, 'Utilities', 'utilities', 'expense', '#EAB308', 'Lightbulb', 1),
  ('default-entertainment', NULL, 'Entertainment', 'entertainment', 'expense', '#A855F7', 'Tv', 1),
  ('default-health', NULL, 'Healthcare', 'healthcare', 'expense', '#EF4444', 'HeartPulse', 1),
  ('default-shopping', NULL, 'Shopping', 'shopping', 'expense', '#EC4899', 'ShoppingCart', 1),
  ('default-education', NULL, 'Education', 'education', 'expense', '#14B8A6', 'GraduationCap', 1),
  ('default-travel', NULL, 'Travel', 'travel', 'expense', '#06B6D4', 'Plane', 1),
  ('default-salary', NULL, 'Salary', 'salary', 'income', '#22C55E', 'Briefcase', 1),
  ('default-freelance', NULL, 'Freelance', 'freelance', 'income', '#10B981', 'Wallet', 1),
  ('default-investments', NULL, 'Investments', 'investments', 'income', '#84CC16', 'CreditCard', 1),
  ('default-gifts', NULL, 'Gifts', 'gifts', 'income', '#F43F5E', 'Gift', 1);
--> statement-breakpoint
INSERT INTO exchange_rates (id, currency_code, date, rate, source, fetched_at) VALUES
  ('snapshot-USD', 'USD', '2026-11-01', '1', 'snapshot', 1793491200000),
  ('snapshot-EUR', 'EUR', '2026-11-01', '0.8612', 'snapshot', 1793491200000),
  ('snapshot-VES', 'VES', '2026-11-01', '231.0475', 'snapshot', 1793491200000),
  ('snapshot-COP', 'COP', '2026-11-01', '3871.25', 'snapshot', 1793491200000),
  ('snapshot-MXN', 'MXN', '2026-11-01', '18.4215', 'snapshot', 1793491200000),
  ('snapshot-GBP', 'GBP', '2026-11-01', '0.7598', 'snapshot', 1793491200000),
  ('snapshot-JPY', 'JPY', '2026-11-01', '152.84', 'snapshot', 1793491200000),
  ('snapshot-CAD', 'CAD', '2026-11-01', '1.4015', 'snapshot', 1793491200000),
  ('snapshot-AUD', 'AUD', '2026-11-01', '1.5321', 'snapshot', 1793491200000);
