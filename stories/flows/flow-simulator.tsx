/**
 * A Flows page: one machine's chart in the flow viewer, played by hand from its initial state
 * (flows/simulate.ts). The events the current states accept are buttons; an event with guards
 * asks the answer of each; an invoked actor is answered done or error; Back, Reset, and "Copy
 * path" giving the path taken as an event log (source 'simulate').
 */
import { useId, useMemo, useState } from 'react';
import { eventLogJson } from '#flows/event-log.ts';
import { FLOW_MACHINES } from '#flows/flow-machines.ts';
import { simulate, simulationLog, type SimulationChoice, type SimulationStep } from '#flows/simulate.ts';
import { FlowViewer } from '#src/app/flow-viewer.tsx';
import { stateText } from '#src/app/live-flows-panel.tsx';
import { SIMULATION_SAMPLES } from './simulate-samples.ts';

const KIND_NAMES = { event: 'Events', done: 'Answers: done', error: 'Answers: error', after: 'Timers' } as const;

const box = { border: '1px solid #d0d7de', borderRadius: 6, padding: '8px 12px', margin: 0 } as const;
const button = { font: 'inherit', padding: '2px 8px', margin: '0 6px 6px 0', border: '1px solid #57606a', borderRadius: 4, background: '#fff', color: '#1b1f24', cursor: 'pointer' } as const;

function GuardQuestion({ choice, onSend, onCancel }: { choice: SimulationChoice; onSend: (answers: Record<string, boolean>) => void; onCancel: () => void }) {
  const [answers, setAnswers] = useState<Record<string, boolean>>(() => Object.fromEntries(choice.guards.map((guard) => [guard, true])));
  return (
    <fieldset style={{ ...box, marginBottom: 8 }}>
      <legend>Which answer does each guard of {choice.label} give?</legend>
      {choice.guards.map((guard) => (
        <div key={guard} role="radiogroup" aria-label={guard} style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 4 }}>
          <code style={{ minWidth: 200 }}>{guard}</code>
          {[true, false].map((answer) => (
            <label key={String(answer)}>
              <input type="radio" name={`${choice.label}-${guard}`} checked={answers[guard] === answer} onChange={() => setAnswers({ ...answers, [guard]: answer })} /> {String(answer)}
            </label>
          ))}
        </div>
      ))}
      <button type="button" style={button} onClick={() => onSend(answers)}>
        Send {choice.label}
      </button>
      <button type="button" style={button} onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}

export interface FlowSimulatorProps {
  /** The machine's name in flows/flow-machines.ts. */
  name: string;
}

export function FlowSimulator({ name }: FlowSimulatorProps) {
  const entry = FLOW_MACHINES.find((flow) => flow.name === name);
  const [steps, setSteps] = useState<readonly SimulationStep[]>([]);
  const [asking, setAsking] = useState<SimulationChoice | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const logId = useId();
  const simulation = useMemo(() => (entry ? simulate(entry.machine, SIMULATION_SAMPLES[name] ?? {}, steps) : null), [entry, name, steps]);
  if (!entry || !simulation) return <p>No machine named {name} in flows/flow-machines.ts.</p>;

  const go = (next: readonly SimulationStep[]) => {
    setSteps(next);
    setAsking(null);
    setCopied(null);
  };
  const choose = (choice: SimulationChoice) => {
    if (choice.guards.length > 0) setAsking(choice);
    else go([...steps, { event: choice.event, guards: {} }]);
  };
  const copyPath = () => {
    const text = eventLogJson(simulationLog(entry.machine, steps, simulation));
    setCopied(text);
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  };
  const groups = (['event', 'done', 'error', 'after'] as const)
    .map((kind) => ({ kind, choices: simulation.choices.filter((choice) => choice.kind === kind) }))
    .filter((group) => group.choices.length > 0);

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(260px, 340px)', gap: 16, padding: 16, font: '14px/1.4 system-ui, sans-serif', color: '#1b1f24' }}>
      <div>
        <h1 style={{ fontSize: 18, margin: '0 0 8px' }}>{entry.machine.id}</h1>
        <FlowViewer machine={entry.machine} active={simulation.activeIds} height="calc(100vh - 110px)" />
      </div>
      <section aria-labelledby="simulate-heading" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <h2 id="simulate-heading" style={{ fontSize: 16, margin: 0 }}>
          Simulate
        </h2>
        <p style={{ margin: 0 }}>
          Now in: <strong data-testid="simulated-state">{stateText(simulation.value)}</strong>
          {simulation.status === 'active' ? '' : ` (${simulation.status})`}
        </p>
        {simulation.error ? (
          <p role="alert" style={{ ...box, borderColor: '#cf222e', color: '#a40e26' }}>
            The machine stopped: {simulation.error}
          </p>
        ) : null}
        <div>
          <button type="button" style={button} disabled={steps.length === 0} onClick={() => go(steps.slice(0, -1))}>
            Back
          </button>
          <button type="button" style={button} disabled={steps.length === 0} onClick={() => go([])}>
            Reset
          </button>
          <button type="button" style={button} onClick={copyPath}>
            Copy path
          </button>
        </div>
        {asking ? (
          <GuardQuestion key={asking.label} choice={asking} onCancel={() => setAsking(null)} onSend={(guards) => go([...steps, { event: asking.event, guards }])} />
        ) : null}
        {groups.length === 0 ? <p style={{ margin: 0 }}>No event moves it from here.</p> : null}
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-label={KIND_NAMES[group.kind]}>
            <h3 style={{ fontSize: 14, margin: '0 0 4px' }}>{KIND_NAMES[group.kind]}</h3>
            {group.choices.map((choice) => (
              <button key={choice.label} type="button" style={button} onClick={() => choose(choice)}>
                {choice.label}
                {choice.guards.length > 0 ? ' ?' : ''}
              </button>
            ))}
          </div>
        ))}
        <h3 style={{ fontSize: 14, margin: '4px 0 0' }}>Path taken</h3>
        <ol aria-label="Path taken" style={{ margin: 0, paddingInlineStart: 20 }}>
          {steps.map((step, index) => (
            <li key={index}>
              <code>{step.event.type}</code>
              {Object.entries(step.guards).map(([guard, answer]) => ` [${guard}: ${answer}]`)} → {stateText(simulation.values[index])}
            </li>
          ))}
        </ol>
        {copied ? (
          <label htmlFor={logId}>
            The path as an event log (copied)
            <textarea id={logId} readOnly rows={8} value={copied} style={{ display: 'block', width: '100%', font: '12px/1.3 ui-monospace, monospace' }} />
          </label>
        ) : null}
      </section>
    </div>
  );
}
