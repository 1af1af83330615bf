import { createInstance, type i18n } from "i18next";
import { resources } from ".";

export async function createFallbackI18n(lng = "en"): Promise<i18n> {
  const instance = createInstance();
  await instance.init({ lng, fallbackLng: "en", resources, interpolation: { escapeValue: false } });
  return instance;
}
