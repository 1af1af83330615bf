export default function Shop() {
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Shop</h1>;
}
