import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input.tsx';
import { Field } from './field.tsx';

describe('TextInput and Field', () => {
  it('labels the box and ties the hint to it', () => {
    render(<TextInput label="Email address" hint="We send your receipt here" />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAccessibleDescription('We send your receipt here');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the box invalid and describes it with the error first', () => {
    render(<TextInput label="Email address" hint="Hint" error="Please enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address Hint');
  });

  it('ties a notice to the box without marking it invalid, and announces it politely', () => {
    render(<TextInput label="Address line 1" hint="Hint" notice="You've used the maximum number of characters available (250)" />);
    const input = screen.getByRole('textbox', { name: 'Address line 1' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription("You've used the maximum number of characters available (250) Hint");
    expect(screen.getByRole('status')).toHaveTextContent("You've used the maximum number of characters available (250)");
  });

  it('describes the box with the error, then the notice, then the hint', () => {
    render(<TextInput label="Email address" hint="Hint" error="Please enter a valid email address" notice="Full" />);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Please enter a valid email address Full Hint');
  });

  it('keeps a given id so the box can be focused from outside', () => {
    render(<TextInput id="email" label="Email address" />);
    expect(document.getElementById('email')).toBe(screen.getByRole('textbox'));
  });

  it('wires any control through the render prop', () => {
    render(<Field label="Phone" error="Please enter your phone number">{(c) => <input type="tel" {...c} />}</Field>);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Please enter your phone number');
  });
});
