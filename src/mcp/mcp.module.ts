import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { CompetitorsModule } from '../competitors/competitors.module';
import { DigestModule } from '../digest/digest.module';
import { IntelligenceModule } from '../intelligence/intelligence.module';
import { MonitorsModule } from '../monitors/monitors.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { McpController } from './mcp.controller';
import { McpToolbox } from './mcp-toolbox.service';

/** The MCP server over the feature services (DESIGN §5f): POST /mcp, one more client of what /v1 calls. */
@Module({
  controllers: [McpController],
  imports: [ChangesModule, CompetitorsModule, DigestModule, IntelligenceModule, MonitorsModule, WorkspacesModule],
  providers: [McpToolbox],
})
export class McpModule {}
