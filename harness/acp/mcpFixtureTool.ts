/** The one tool the suite's stdio MCP fixture offers: the fixture lists it, a model stub calls it. */
export const MCP_FIXTURE_TOOL = {
  name: 'record_note',
  description: 'Records a note for adapter-qualify.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
} as const;
