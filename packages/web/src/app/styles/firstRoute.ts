/*
 * Mantine's styles for the first route (login, not found, access denied, the error page and the
 * frame's skeleton): the only CSS in index.html, so the only render-blocking CSS. The signed-in
 * screens' component styles load with the frame (signedIn.ts). Order matters: Mantine's base first,
 * then the components others are built on, then the rest. styles.test.ts checks that every
 * component the code imports has its styles in one of the two lists.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Components other components are built on.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
// The first route's own components.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import './focus.css';
import './contrast.css';
