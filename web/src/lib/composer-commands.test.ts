import { describe, expect, it } from 'vitest';
import { type ComposerCommand, commandIn } from './message-extensions';

const rappel: ComposerCommand = { name: 'rappel', run: async () => true };

describe('composer commands (lib/message-extensions.tsx)', () => {
  it('finds `/rappel <quand> <quoi>` and hands over what follows the name', () => {
    const found = commandIn([rappel], '  /rappel demain 9h appeler Paul ');
    expect(found?.command).toBe(rappel);
    expect(found?.args).toBe('demain 9h appeler Paul');
    expect(commandIn([rappel], '/rappel')?.args).toBe('');
    expect(commandIn([rappel], '/rappel\nlundi 14h\nrelire')?.args).toBe('lundi 14h\nrelire');
  });

  it('leaves ordinary messages, unknown commands and a command inside a text to be sent', () => {
    expect(commandIn([rappel], 'demain /rappel 9h')).toBeNull();
    expect(commandIn([rappel], '/rappelle-toi')).toBeNull();
    expect(commandIn([rappel], '/inconnu demain')).toBeNull();
    expect(commandIn([], '/rappel demain 9h')).toBeNull();
  });
});
