const loadSchema = () => import("~/features/things/schemas");
export const validationLoader = loadSchema;
