import { getMetadataStorage } from 'class-validator';
import type { McpTool } from './tool';
import { parseToolInput } from './tool-input';
import { changeTools } from './tools/change.tools';
import { intelligenceTools } from './tools/intelligence.tools';
import { monitorTools } from './tools/monitor.tools';
import { workspaceTools } from './tools/workspace.tools';

// Only the declarations are read: no tool runs here.
const none = {} as never;
const TOOLS: McpTool[] = [...workspaceTools(none, none, none), ...changeTools(none), ...intelligenceTools(none), ...monitorTools(none)];

/** The properties a DTO validates (its own and its parents'). */
function validated(dto: McpTool['input']): string[] {
  return [...new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName))].sort();
}

describe('MCP tool declarations', () => {
  it.each(TOOLS.map((tool) => [tool.name, tool]))('%s lists exactly the arguments its DTO validates', (_, tool) => {
    expect(Object.keys(tool.inputSchema.properties).sort()).toEqual(validated(tool.input));
    expect(tool.inputSchema.additionalProperties).toBe(false);
  });

  it('refuses a call without a required argument, naming it, and accepts it with', async () => {
    const listChanges = TOOLS.find((tool) => tool.name === 'list_changes')!;
    await expect(parseToolInput(listChanges, { limit: 5 })).rejects.toMatchObject({ code: 'validation_failed', message: 'workspace_id: workspace_id is required' });
    await expect(parseToolInput(listChanges, { workspace_id: 3, limit: 5 })).resolves.toMatchObject({ workspace_id: 3, limit: 5 });
  });
});
