import { createInstance } from "i18next";
import { resources } from ".";

export async function createFallbackI18n(lng = "en") {
  const instance = createInstance();
  await instance.init({ lng, fallbackLng: "en", resources, interpolation: { escapeValue: false } });
  return instance;
}
