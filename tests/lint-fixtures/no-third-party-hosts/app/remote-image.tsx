export const Logo = () => <img src="https://cdn.example.com/logo.png" alt="" />;
