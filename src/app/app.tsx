export function App() {
  return (
    <main>
      <h1>Travel Money</h1>
      <p>Buy currency for home delivery or click and collect, or sell your leftover currency back.</p>
    </main>
  );
}
