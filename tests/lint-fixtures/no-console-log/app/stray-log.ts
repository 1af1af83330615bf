export const greet = () => console.log("hello");
