import { useLoaderData } from "react-router";
export const useToday = () => useLoaderData<{ today: string }>().today;
