// Mantine's styles for the components the shell uses, in Mantine's required order (baseline and
// variables first), instead of the whole 230 KB `styles.css`. Screens loaded later import the
// styles of their own components, so those land in their chunks — with the styles of the
// components those are built on, first (Mantine's "CSS files list": a Checkbox needs
// InlineInput, a Modal Overlay and ModalBase, a NativeSelect Input and Combobox). The axe runs of
// the end-to-end tests also fail on a Mantine class whose styles are missing
// (`e2e/support/mantine-styles.ts`).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Notification.css';
import './theme.css';
