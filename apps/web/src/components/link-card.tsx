import { Button, Card, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface LinkCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  text: string;
  to: string;
  action: string;
}

/** A card that says one thing and offers one way on: no practice yet, invitations waiting. */
export function LinkCard({ id, title, text, to, action }: LinkCardProps) {
  return (
    <Card withBorder component="section" aria-labelledby={id} mb="lg">
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Text mb="md">{text}</Text>
      <Button component={Link} to={to}>
        {action}
      </Button>
    </Card>
  );
}
