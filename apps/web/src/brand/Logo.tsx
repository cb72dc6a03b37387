import { Group, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router-dom";
import { isFestive } from "./festive";
import { LogoMark } from "./LogoMark";

interface TProps {
  /** The spec lets the home link be switched off (the login page has no home to go to). */
  linkDisabled?: boolean;
  /** Hide the word mark (narrow headers). */
  compact?: boolean;
  now?: Date;
}

export const Logo = ({ linkDisabled = false, compact = false, now = new Date() }: TProps) => {
  const festive = isFestive(now);
  const content = (
    <Group gap={10} wrap="nowrap" data-festive={festive || undefined}>
      <LogoMark festive={festive} />
      {compact ? null : (
        <div style={{ lineHeight: 1.1 }}>
          <Text fw={750} size="lg" c="dark.8" style={{ letterSpacing: "-0.01em" }}>
            Crewing
          </Text>
          <Text size="xs" c="dimmed" fw={500}>
            Back office
          </Text>
        </div>
      )}
    </Group>
  );
  if (linkDisabled) return <div aria-label="Crewing back office">{content}</div>;
  return (
    <UnstyledButton component={Link} to="/" aria-label="Crewing back office, start page">
      {content}
    </UnstyledButton>
  );
};
