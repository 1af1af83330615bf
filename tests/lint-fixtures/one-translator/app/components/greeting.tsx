import i18next from "i18next";
export const Greeting = () => <p>{i18next.t("hello")}</p>;
