import { ActionIcon, Code, List, Popover, Text } from "@mantine/core";
import { IconHelpCircle } from "@tabler/icons-react";

/** How the applicant search reads what is typed (spec 001 §5). */
export const SearchHelp = () => (
  <Popover width={320} position="bottom-start" withArrow shadow="md">
    <Popover.Target>
      <ActionIcon variant="subtle" color="gray" size="input-sm" aria-label="How search works">
        <IconHelpCircle size={18} />
      </ActionIcon>
    </Popover.Target>
    <Popover.Dropdown>
      <Text size="sm" fw={600} mb={6}>
        Searching seafarers
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Several words must all match: <Code>ivan kovalenko</Code>
        </List.Item>
        <List.Item>
          <Code>OR</Code> finds either: <Code>santos OR reyes</Code>; <Code>AND</Code> binds first
        </List.Item>
        <List.Item>
          Quotes keep words together: <Code>"john paul"</Code>
        </List.Item>
        <List.Item>Words match from their start, accents and case aside</List.Item>
        <List.Item>
          Names, e-mails, the applicant number, tags; phones by their digits: <Code>+380 50 123 45 67</Code>
        </List.Item>
      </List>
    </Popover.Dropdown>
  </Popover>
);
