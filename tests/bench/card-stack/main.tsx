// The design card's stack and nothing else: React 19, React Router's declarative routing (two
// routes and a link between them) and one XState machine read through useMachine. The yardstick
// for the calculator page's JS (tests/bench/first-load.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { setup } from 'xstate';

const toggle = setup({ types: { events: {} as { type: 'toggle' } } }).createMachine({
  id: 'toggle',
  initial: 'off',
  states: {
    off: { on: { toggle: 'on' } },
    on: { on: { toggle: 'off' } },
  },
});

function Home() {
  const [snapshot, send] = useMachine(toggle);
  return (
    <main>
      <h1>Hello</h1>
      <button type="button" onClick={() => send({ type: 'toggle' })}>
        {snapshot.matches('on') ? 'On' : 'Off'}
      </button>
      <Link to="/about">About</Link>
    </main>
  );
}

function About() {
  return (
    <main>
      <h1>About</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/about" element={<About />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
