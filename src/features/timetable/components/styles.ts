// Mantine styles of the components the timetable screens use, loaded with their chunk.
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Tabs.css'
import '@mantine/core/styles/Switch.css'
import '@mantine/core/styles/ColorSwatch.css'
