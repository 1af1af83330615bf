import type { Messages } from "..";
import type { categoryNames as en } from "../en/category-names";

export const categoryNames = {
  "default-food": "Comida y restaurantes",
  "default-housing": "Vivienda",
  "default-transport": "Transporte",
  "default-utilities": "Servicios",
  "default-entertainment": "Entretenimiento",
  "default-health": "Salud",
  "default-shopping": "Compras",
  "default-education": "Educación",
  "default-travel": "Viajes",
  "default-salary": "Salario",
  "default-freelance": "Trabajo independiente",
  "default-investments": "Inversiones",
  "default-gifts": "Regalos",
} satisfies Messages<typeof en>;
